import { PHOTO_MESSAGES, photoUrl } from '~/lib/photo';

/**
 * The member's photo, or a neutral silhouette when there is none. Width and height are fixed
 * attributes either way, so the page does not shift when the image arrives.
 */
export function ProfilePhoto({ version, size, alt }: { version: number | null; size: number; alt: string }) {
  if (version !== null) {
    return <img className="avatar" src={photoUrl(version)} width={size} height={size} alt={alt} />;
  }
  return (
    <svg
      className="avatar avatar--placeholder"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role="img"
      aria-label={PHOTO_MESSAGES.none}
    >
      <circle className="avatar__shape" cx="32" cy="24" r="12" />
      <path className="avatar__shape" d="M10 60c0-13 10-21 22-21s22 8 22 21z" />
    </svg>
  );
}
