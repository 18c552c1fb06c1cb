// @ts-check
import { dirname, join, relative, resolve, sep } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const featuresDir = join('web', 'src', 'features');

/**
 * The feature folder (`web/src/features/<name>/...`) a repository-relative path lies in, if any.
 * @param {string} path
 */
function featureOf(path) {
  const parts = path.split(sep);
  const base = featuresDir.split(sep);
  const inside = base.every((part, i) => parts[i] === part) && parts.length > base.length + 1;
  return inside ? parts[base.length] : undefined;
}

/**
 * A web feature (`web/src/features/<a>/`) never imports another feature (`web/src/features/<b>/`),
 * whether by `#web/features/...` or by a relative path. What two features share belongs in
 * `web/src/lib/` or `web/src/components/`; the routes and `app/` compose features. Paths are
 * resolved, so `../../b/api/x` is caught like `#web/features/b/...`.
 * @type {import('eslint').Rule.RuleModule}
 */
export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features do not import each other.' },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}'. Features do not import each other: move what they share to web/src/lib/ or web/src/components/.",
    },
  },
  create(context) {
    const file = relative(repoRoot, context.filename);
    const from = featureOf(file);
    if (!from) return {};

    /** @param {import('eslint').Rule.Node} source */
    function check(source) {
      if (source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value);
      const to = target && featureOf(target);
      if (to && to !== from)
        context.report({ node: source, messageId: 'crossFeature', data: { from, to } });
    }

    /** @param {string} specifier */
    function resolveSpecifier(specifier) {
      if (specifier.startsWith('#web/')) return join('web', 'src', specifier.slice('#web/'.length));
      if (specifier.startsWith('.'))
        return relative(repoRoot, resolve(dirname(context.filename), specifier));
      return undefined;
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
