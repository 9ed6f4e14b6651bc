import { describe, expect, it } from 'vitest';

import { scriptLoader } from './script-loader';

describe('scriptLoader', () => {
  it('is a fixed text per URL that loads exactly that file', () => {
    const text = scriptLoader('/enhance.js?v=0123456789ab');
    expect(text).toBe(scriptLoader('/enhance.js?v=0123456789ab'));
    expect(text).toContain('s.src="/enhance.js?v=0123456789ab"');
    expect(text).not.toBe(scriptLoader('/push.js?v=0123456789ab'));
  });

  it('can never close its own element or leave its string', () => {
    const text = scriptLoader('/x.js?a="</script><script>alert(1)//');
    expect(text).not.toContain('</script');
    expect(text).toContain('\\"');
  });
});
