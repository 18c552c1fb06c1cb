/**
 * An admin's header icons, dashboard and admin panel, with their tooltips. Loaded only for
 * admins: Radix Tooltip and its positioning library stay out of everyone else's first load.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { LayoutDashboardIcon, ShieldCheckIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import {
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
} from '#web/components/ui/tooltip.tsx';

function IconLink({
  to,
  label,
  children,
}: {
  to: '/dashboard' | '/admin';
  label: string;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild variant="ghost" size="icon" round>
          <Link to={to} aria-label={label}>
            {children}
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

export function AdminLinks() {
  return (
    <TooltipProvider>
      <IconLink to="/dashboard" label="Dashboard">
        <LayoutDashboardIcon className="size-5" />
      </IconLink>
      <IconLink to="/admin" label="Admin panel">
        <ShieldCheckIcon className="size-5" />
      </IconLink>
    </TooltipProvider>
  );
}
