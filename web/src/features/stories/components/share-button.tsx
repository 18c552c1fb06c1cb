import type { ComponentProps } from 'react';
import { Share2Icon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/** The Share button, alone (share-menu.tsx) or as the menu's trigger (share-menu-dropdown.tsx). */
export function ShareButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" size="lg" {...props}>
      <Share2Icon />
      Share
    </Button>
  );
}
