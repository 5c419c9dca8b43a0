import { describe, expect, it } from 'vitest';
import { siteLanguages } from './siteBrand';

describe('siteLanguages', () => {
  it("lists the site's languages, its default first", () => {
    expect(siteLanguages({ languages: ['vn', 'ko'] })).toEqual(['vn', 'ko']);
    expect(siteLanguages({ languages: ['en', 'vn', 'ko'] })).toEqual(['en', 'vn', 'ko']);
  });
  it('lists one language for a site of one language (the select hides)', () => {
    expect(siteLanguages({ languages: ['ko'] })).toEqual(['ko']);
  });
  it('lists all three outside a site, or for a site that names none', () => {
    expect(siteLanguages(null)).toEqual(['ko', 'en', 'vn']);
    expect(siteLanguages({ languages: [] })).toEqual(['ko', 'en', 'vn']);
  });
});
