import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '#web/components/ui/toast.tsx';
import { useEffect } from 'react';

import { markToastShown, useToast } from '#web/hooks/use-toast.ts';

/** Rendered inside a toast: Radix draws a toast's content only once its viewport is on the page. */
function ShownSignal({ id }: { id: string }) {
  useEffect(() => markToastShown(id), [id]);
  return null;
}

function Toaster() {
  const { toasts } = useToast();

  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
          <ShownSignal id={id} />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}

export { Toaster };
