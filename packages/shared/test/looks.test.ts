import { describe, expect, it } from 'vitest';
import { LOOKS, lookDocument, lookInCookies } from '../src/looks.ts';

describe('a reader look in the Cookie header', () => {
  it('is read among other cookies, whatever their order and spacing', () => {
    expect(lookInCookies('look=en-US.dark')).toBe('en-US.dark');
    expect(lookInCookies('theme=x; look=zh-CN.light;other=1')).toBe('zh-CN.light');
    expect(lookInCookies('outlook=en-US.dark;look=en-US.light')).toBe('en-US.light');
  });

  it('is none when absent, empty or not one of the four drawn (never a path the server would look up)', () => {
    for (const header of [
      undefined,
      '',
      'look=',
      'look=fr-FR.light',
      'look=../../etc/passwd',
      'look=en-US.dark.x',
      'outlook=en-US.dark',
    ])
      expect(lookInCookies(header), String(header)).toBeNull();
  });

  it('names the document of one look beside the one of all', () => {
    expect(LOOKS).toEqual(['zh-CN.light', 'zh-CN.dark', 'en-US.light', 'en-US.dark']);
    expect(lookDocument('orders.html', 'en-US.dark')).toBe('orders.en-US.dark.html');
  });
});
