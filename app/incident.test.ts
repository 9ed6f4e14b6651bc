import { describe, expect, it } from 'vitest';

import { groupIncident, incidentFromText } from './incident';

describe('the incident number as people read it', () => {
  it('is the request id in groups of four, and the same id once the spaces are out', () => {
    const id = '3f2a9c01b7e44d0a8c3355e1f0a9b2c4';
    expect(groupIncident(id)).toBe('3f2a 9c01 b7e4 4d0a 8c33 55e1 f0a9 b2c4');
    expect(incidentFromText(groupIncident(id))).toBe(id);
    expect(incidentFromText(' 3f2a\n9c01 ')).toBe('3f2a9c01');
    expect(groupIncident('')).toBe('');
  });
});
