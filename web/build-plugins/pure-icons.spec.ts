import { describe, expect, it } from 'vitest';

import { pureIcons } from './pure-icons.ts';

const icon = `import createLucideIcon from '../createLucideIcon.js';
const __iconNode = [["path", { d: "M20 6 9 17l-5-5", key: "1gmf2c" }]];
const Check = createLucideIcon("check", __iconNode);
export { __iconNode, Check as default };`;

function transform(code: string, id: string) {
  const hook = pureIcons().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id);
}

describe('pureIcons', () => {
  it('when a lucide icon module is built its createLucideIcon call is marked pure', () => {
    const out = transform(icon, '/app/node_modules/lucide-react/dist/esm/icons/check.js');
    expect(out?.code).toContain('const Check = /* @__PURE__ */ createLucideIcon("check"');
  });

  it('when any other module is built it is left alone', () => {
    expect(
      transform(icon, '/app/node_modules/lucide-react/dist/esm/createLucideIcon.js'),
    ).toBeNull();
    expect(transform(icon, '/app/src/components/icon.tsx')).toBeNull();
  });
});
