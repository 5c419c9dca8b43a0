import { describe, expect, it } from 'vitest';
import { playerLoginSite, siteOfPath } from './sitePath';

describe('siteOfPath', () => {
  it('names the site of any page under it', () => {
    expect(siteOfPath('/demo')).toBe('demo');
    expect(siteOfPath('/demo/partnerMain')).toBe('demo');
    expect(siteOfPath('/my-site_2/noticeRead/12')).toBe('my-site_2');
  });

  it('is null outside every site: the landing page and the paths no site may take', () => {
    expect(siteOfPath('/')).toBeNull();
    expect(siteOfPath('/platform/sites')).toBeNull();
    expect(siteOfPath('/admin')).toBeNull();
    expect(siteOfPath('/assets/app.js')).toBeNull();
  });
});

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
