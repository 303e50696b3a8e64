// Compiled Lingui catalogs (`*.json?lingui`, compiled by @lingui/vite-plugin at build time).
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
