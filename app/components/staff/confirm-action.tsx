import { setNonce } from 'get-nonce';
import { AlertDialog } from 'radix-ui';
import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * The dialog's scroll lock writes a <style> element: it carries the page's CSP nonce (read from the
 * page's own scripts), which `style-src` allows, so the page behind the dialog stays still.
 */
function useStyleNonce(): void {
  if (typeof document === 'undefined') return;
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) setNonce(nonce);
}

const noSubscription = () => () => undefined;

export interface ConfirmActionProps {
  /** Where both forms post. */
  action: string;
  /** The action's fields (intent, id …). Without script they are posted as they are and the server answers with its confirmation step. */
  fields: Record<string, string | number>;
  /** The button that starts the action. */
  triggerLabel: ReactNode;
  /** The dialog's title, description (the consequences) and confirm button. */
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Drawn as a danger button (a delete, a disable). */
  danger?: boolean;
  small?: boolean;
}

/**
 * An action that asks before it is done (ADR 119). Without JavaScript the button posts the action's
 * fields and the server answers with a confirmation step (a page of its own with the consequences and
 * a confirm button that posts `confirmed=1`). Once the page has hydrated the button opens a Radix
 * AlertDialog saying the same, whose confirm button posts the fields with `confirmed=1`.
 */
export function ConfirmAction({
  action,
  fields,
  triggerLabel,
  title,
  description,
  confirmLabel,
  danger = false,
  small = false,
}: ConfirmActionProps) {
  // False in the server's HTML and while hydrating, true once React runs in the browser.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  useStyleNonce();
  const className = `button button--secondary${small ? ' button--small' : ''}`;
  const hidden = Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  if (!hydrated) {
    return (
      <form method="post" action={action} className="staff-confirm-trigger">
        {hidden}
        <button type="submit" className={className}>
          {triggerLabel}
        </button>
      </form>
    );
  }
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={`${className} staff-confirm-trigger`}>
          {triggerLabel}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="staff-dialog__overlay" />
        <AlertDialog.Content className="staff-dialog stack">
          <AlertDialog.Title className="staff-dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="stack">{description}</div>
          </AlertDialog.Description>
          <form method="post" action={action} className="staff-dialog__actions">
            {hidden}
            <input type="hidden" name="confirmed" value="1" />
            {/* A plain submit (not AlertDialog.Action, which would close the dialog and unmount the form before it is sent). */}
            <button type="submit" className={`button${danger ? ' button--danger' : ''}`}>
              {confirmLabel}
            </button>
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--secondary">
                ยกเลิก
              </button>
            </AlertDialog.Cancel>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * The confirmation step without JavaScript: a page (in place of the page's usual content) with the
 * consequences, a confirm button that posts the fields with `confirmed=1`, and a way back.
 */
export function ConfirmStep({
  action,
  fields,
  title,
  description,
  confirmLabel,
  danger = false,
  cancelHref,
}: Omit<ConfirmActionProps, 'triggerLabel' | 'small'> & { cancelHref: string }) {
  return (
    <section className="callout stack" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{title}</h1>
      {description}
      <form method="post" action={action} className="staff-dialog__actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" className={`button${danger ? ' button--danger' : ''}`}>
          {confirmLabel}
        </button>
        <a className="button button--secondary" href={cancelHref}>
          ยกเลิก
        </a>
      </form>
    </section>
  );
}
