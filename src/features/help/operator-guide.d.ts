/** The operator guide, made into HTML at build time (operator-guide-plugin.ts). */
declare module 'virtual:operator-guide' {
  const guide: { html: string; titleId: string };
  export default guide;
}
