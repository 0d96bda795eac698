/** The catalogue parts of apps/web/catalogue-parts.ts: one language's messages, key to text. */
declare module 'virtual:catalogue/*' {
  const messages: Record<string, string>;
  export default messages;
}
