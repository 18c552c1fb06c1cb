import { INLINED_ANSWERS_ELEMENT_ID } from '@whosright/contracts/shared/constants';

/** What a shared link shows: the tags crawlers read from index.html (Open Graph, Twitter card). */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  type: 'website' | 'article';
  /**
   * API answers the page's first render asks for, by request path, as a visitor gets them: sent
   * inside the HTML, so the page draws them without waiting for the call.
   */
  answers?: Readonly<Record<string, unknown>>;
}

/** Who asks for the page: the answers inlined in it are a visitor's only. */
export interface PageRequest {
  visitor: boolean;
}

/** A path that names something that does not exist: the page answers 404 with the generic tags. */
export const PAGE_NOT_FOUND = 'not-found';

/** Answers the page's meta for a path, null for the generic tags, or PAGE_NOT_FOUND. */
export type PageMetaSource = (
  path: string,
  request: PageRequest,
) => Promise<PageMeta | null | typeof PAGE_NOT_FOUND>;

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

/**
 * JSON inside a script element: `<`, `>` and `&` escaped, so no text in it (a story's) can close
 * the element or open a comment; U+2028/U+2029 escaped as older parsers read them as line ends.
 */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page's inlined API answers as a data block the page reads (never runs). */
export function renderInlinedAnswers(answers: Readonly<Record<string, unknown>>): string {
  return `<script type="application/json" id="${INLINED_ANSWERS_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`;
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
