import { describe, expect, it } from 'vitest';

import { scriptLoader } from './script-loader';

describe('scriptLoader', () => {
  it('is a fixed text per URL that loads exactly that file', () => {
    const text = scriptLoader('/build/client/enhance-0123ABCD.js');
    expect(text).toBe(scriptLoader('/build/client/enhance-0123ABCD.js'));
    expect(text).toContain('s.src="/build/client/enhance-0123ABCD.js"');
    expect(text).not.toBe(scriptLoader('/build/client/push-0123ABCD.js'));
  });

  it('can never close its own element or leave its string', () => {
    const text = scriptLoader('/x.js?a="</script><script>alert(1)//');
    expect(text).not.toContain('</script');
    expect(text).toContain('\\"');
  });
});
