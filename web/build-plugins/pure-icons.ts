/**
 * Marks each lucide icon's `createLucideIcon(...)` call as pure. Rollup then sees an icon module
 * as free of side effects, so `experimentalMinChunkSize` may fold an icon shared by two lazy
 * screens into a chunk it is loaded with, instead of a chunk of its own of about 150 bytes (too
 * small to compress, and a request each).
 */
import type { Plugin } from 'vite';

const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.js$/;

export function pureIcons(): Plugin {
  return {
    name: 'whosright:pure-icons',
    transform(code, id) {
      if (!ICON_MODULE.test(id)) return null;
      return {
        code: code.replace(/=\s*createLucideIcon\(/, '= /* @__PURE__ */ createLucideIcon('),
        map: null,
      };
    },
  };
}
