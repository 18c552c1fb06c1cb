import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { EarlierVersions } from '#web/features/admin/components/earlier-versions.tsx';

describe('earlier versions of a comment', () => {
  it('when a comment was edited it folds its earlier texts, oldest first, under a count', async () => {
    const until = new Date(Date.now() - 3600_000).toISOString();
    render(
      <EarlierVersions
        versions={[
          { content: 'Rude at first.', until },
          { content: 'Less rude.', until: new Date().toISOString() },
        ]}
      />,
    );
    const summary = screen.getByText('Edited: 2 earlier versions');
    await userEvent.setup().click(summary);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Rude at first.');
    expect(items[1]).toHaveTextContent('Less rude.');
  });

  it('when a comment was never edited it shows nothing', () => {
    const { container } = render(<EarlierVersions versions={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
