import { describe, expect, it } from 'vitest';
import { playerLoginSite } from './playerLogin';

describe('playerLoginSite', () => {
  it('names the site of a player login path, with or without the trailing slash', () => {
    expect(playerLoginSite('/demo/')).toBe('demo');
    expect(playerLoginSite('/demo')).toBe('demo');
  });

  it('is null for the landing page, deeper pages and the paths no site may take', () => {
    expect(playerLoginSite('/')).toBeNull();
    expect(playerLoginSite('/demo/main')).toBeNull();
    expect(playerLoginSite('/demo/login')).toBeNull();
    expect(playerLoginSite('/platform')).toBeNull();
    expect(playerLoginSite('/platform/')).toBeNull();
    expect(playerLoginSite('/admin')).toBeNull();
  });
});
