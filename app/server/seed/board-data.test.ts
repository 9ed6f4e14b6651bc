import { describe, expect, it } from 'vitest';

import { BOARD_TOPICS, buildBoardData, DEMAND_ITEMS } from './board-data';
import { createRng } from './rng';

const NOW = Date.parse('2025-06-15T03:00:00.000Z');
const graphemes = (text: string) => [...new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(text)].length;

describe('buildBoardData', () => {
  const data = buildBoardData(createRng(7), NOW);

  it('is deterministic for a seed and a time', () => {
    expect(buildBoardData(createRng(7), NOW)).toEqual(data);
    expect(buildBoardData(createRng(8), NOW)).not.toEqual(data);
  });

  it('has enough topics for three pages, with 0–6 answers each, and a dozen demand items', () => {
    const visible = data.topics.filter((t) => t.hidden === 0);
    expect(visible.length).toBeGreaterThanOrEqual(25);
    expect(data.topics.some((t) => t.hidden === 1)).toBe(true);
    const counts = visible.map((t) => data.answers.filter((a) => a.topic_id === t.id).length);
    expect(Math.min(...counts)).toBe(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(6);
    expect(counts.filter((n) => n > 1).length).toBeGreaterThan(5);
    expect(data.demand.length).toBeGreaterThanOrEqual(12);
    expect(new Set(data.demand.map((d) => d.status))).toEqual(new Set(['received', 'in_progress', 'done']));
  });

  it('includes a question longer than 120 graphemes (truncated in lists) and staff answers', () => {
    expect(BOARD_TOPICS.some((t) => graphemes(t.title) > 120)).toBe(true);
    expect(data.answers.some((a) => a.staff === 1)).toBe(true);
    expect(data.answers.some((a) => a.staff === 0)).toBe(true);
  });

  it('dates everything in the past: topics newest with the highest id, answers after their topic', () => {
    const byId = [...data.topics].sort((a, b) => Number(a.id) - Number(b.id));
    for (let i = 1; i < byId.length; i++) {
      expect(Number(byId[i]?.created_at)).toBeGreaterThan(Number(byId[i - 1]?.created_at));
    }
    expect(Number(byId.at(-1)?.created_at)).toBeGreaterThan(NOW - 24 * 3600_000);
    for (const a of data.answers) {
      const topic = data.topics.find((t) => t.id === a.topic_id);
      expect(Number(a.created_at)).toBeGreaterThan(Number(topic?.created_at));
      expect(Number(a.created_at)).toBeLessThanOrEqual(NOW);
    }
    for (const d of data.demand) {
      expect(Number(d.asked_at)).toBeLessThan(NOW);
      const source = DEMAND_ITEMS.find((s) => s.question === d.question);
      expect(d.answer === null).toBe(!source?.answer);
      if (d.answered_at !== null && d.answered_at !== undefined) {
        expect(Number(d.answered_at)).toBeGreaterThan(Number(d.asked_at));
        expect(Number(d.answered_at)).toBeLessThan(NOW);
      }
    }
  });
});
