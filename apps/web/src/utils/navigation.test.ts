import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './navigation';

describe('login redirect', () => {
  it('keeps the original route (path and query) in the redirect query', () => {
    expect(loginPathFor('/settings/account?tab=1')).toBe('/login?redirect=%2Fsettings%2Faccount%3Ftab%3D1');
  });

  it('never points back at a public page', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login?redirect=%2Fx')).toBe('/login');
    expect(loginPathFor('/config?token=abc')).toBe('/login');
  });

  it('follows only paths of this app after sign-in', () => {
    expect(safeRedirect('/adminSettings/userManagement?keyword=a')).toBe('/adminSettings/userManagement?keyword=a');
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('//evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example/')).toBeNull();
    expect(safeRedirect('/config?token=stolen')).toBeNull();
    expect(safeRedirect('/login')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
