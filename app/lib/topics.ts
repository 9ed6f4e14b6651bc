/**
 * Categories with their own background (spec §2). The category's `background` key becomes the CSS
 * class `topic--{key}` (app/styles/app.css has one rule per key; a unit test checks it); any other
 * value gets the plain background.
 */
export const TOPIC_BACKGROUNDS = [
  'news',
  'club',
  'order',
  'rules',
  'overall_operation',
  'coop_investment',
  'coop_order',
  'coop_act',
  'welfare',
  'notice',
  'activity-gallary',
  'video',
  'bussiness_report',
  'bussiness_report_monthy',
  'download',
] as const;

/** `topic topic--news`, or `topic topic--plain` for a category without its own background. */
export function topicClass(background: string | null | undefined): string {
  const known = (TOPIC_BACKGROUNDS as readonly string[]).includes(background ?? '');
  return `topic topic--${known ? background : 'plain'}`;
}
