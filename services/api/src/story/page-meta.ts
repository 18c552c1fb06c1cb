import { categoryLabel } from '@whosright/contracts/shared/categories';
import { storyIdSchema } from '@whosright/contracts/shared/ids';
import { PAGE_NOT_FOUND, type PageMeta, type PageMetaSource } from '#api/platform/page-meta';
import type { StoryService } from './story-service';

const DESCRIPTION_LENGTH = 200;

function excerpt(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

/**
 * /story/{id} of an approved story previews with its category and first 200 characters; a story
 * nobody may see (missing, pending, hidden) is PAGE_NOT_FOUND; other paths get the generic tags.
 */
export function storyPageMeta(stories: StoryService, publicUrl: string): PageMetaSource {
  return async (path) => {
    const match = /^\/story\/([^/]+)\/?$/.exec(path);
    const id = match && storyIdSchema.safeParse(match[1]).success ? match[1]! : null;
    if (!match) return null;
    if (!id) return PAGE_NOT_FOUND;
    const doc = await stories.visible(id, null).catch(() => null);
    if (!doc) return PAGE_NOT_FOUND;
    const meta: PageMeta = {
      title: `${categoryLabel(doc.category)}: who's right? | Who's Right`,
      description: excerpt(doc.content, DESCRIPTION_LENGTH),
      url: `${publicUrl}/story/${id}`,
      type: 'article',
    };
    return meta;
  };
}
