import { Link } from '@tanstack/react-router';
import { ShuffleIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/** The prominent way into voting: a random story. */
export function RandomStoryButton({ size = 'lg' }: { size?: 'default' | 'lg' }) {
  return (
    <Button asChild size={size}>
      <Link to="/random">
        <ShuffleIcon />
        Random story
      </Link>
    </Button>
  );
}
