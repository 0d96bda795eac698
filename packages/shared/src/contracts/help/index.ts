/** The help centre (issue 14): articles staff write in both languages, read on /helpCenter and /wordView. */
export * from './articles.ts';
export * from './schemas.ts';
