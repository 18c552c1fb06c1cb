import { categoryLabel } from '@whosright/contracts/shared/categories';
import { excerpt } from '@whosright/contracts/shared/excerpt';
import { storyIdSchema } from '@whosright/contracts/shared/ids';
import { PAGE_NOT_FOUND, type PageMeta, type PageMetaSource } from '#api/platform/page-meta';
import type { StoryReads } from './story-reads';
import { toStoryView, type ViewersOwn } from './story-views';

const DESCRIPTION_LENGTH = 200;

/** A visitor has no vote, reaction, save or follow of their own. */
const VISITORS_OWN: ViewersOwn = { myVote: null, myReactions: [], saved: false, following: false };

/**
 * /story/{id} of an approved story previews with its category and first 200 characters; a story
 * nobody may see (missing, pending, hidden) is PAGE_NOT_FOUND; other paths get the generic tags.
 * A visitor's page carries the story as GET /api/stories/{id} answers them, so the story's text
 * is drawn with the page's first render.
 */
export function storyPageMeta(
  stories: Pick<StoryReads, 'visible'>,
  publicUrl: string,
): PageMetaSource {
  return async (path, { visitor }) => {
    const match = /^\/story\/([^/]+)\/?$/.exec(path);
    const id = match && storyIdSchema.safeParse(match[1]).success ? match[1]! : null;
    if (!match) return null;
    if (!id) return PAGE_NOT_FOUND;
    const doc = await stories.visible(id, null).catch(() => null);
    if (!doc) return PAGE_NOT_FOUND;
    const meta: PageMeta = {
      title: `${categoryLabel(doc.category)}: who's right? | Who's Right`,
      // The ellipsis is one of the 200 characters.
      description: excerpt(doc.content, DESCRIPTION_LENGTH - 1),
      url: `${publicUrl}/story/${id}`,
      type: 'article',
      ...(visitor
        ? { answers: { [`/api/stories/${id}`]: toStoryView(doc, VISITORS_OWN, undefined) } }
        : {}),
    };
    return meta;
  };
}
