/** What a shared link shows: the tags crawlers read from index.html (Open Graph, Twitter card). */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  type: 'website' | 'article';
}

/** A path that names something that does not exist: the page answers 404 with the generic tags. */
export const PAGE_NOT_FOUND = 'not-found';

/** Answers the page's meta for a path, null for the generic tags, or PAGE_NOT_FOUND. */
export type PageMetaSource = (path: string) => Promise<PageMeta | null | typeof PAGE_NOT_FOUND>;

export const DEFAULT_DESCRIPTION =
  "Share a disagreement with your partner anonymously and let everyone vote: He's Right or She's Right.";

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function genericMeta(publicUrl: string, path: string): PageMeta {
  return {
    title: "Who's Right",
    description: DEFAULT_DESCRIPTION,
    url: `${publicUrl}${path === '/' ? '' : path}`,
    type: 'website',
  };
}

export function renderMetaTags(meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const url = escapeHtml(meta.url);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:site_name" content="Who's Right" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
}

const HEAD_END = '</head>';

/**
 * Prepares the built index.html: its own title and description are taken out, and the page's tags
 * go in just before </head> on every request.
 */
export function indexTemplate(html: string): (tags: string) => string {
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
  const at = stripped.indexOf(HEAD_END);
  if (at === -1) return () => stripped;
  const before = stripped.slice(0, at);
  const after = stripped.slice(at);
  return (tags) => `${before}  ${tags}\n  ${after}`;
}
