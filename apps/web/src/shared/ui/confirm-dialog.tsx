import { lazy, Suspense, useRef, useState } from 'react';
import { buttonClasses, type LookProps } from './button.tsx';
import { useHoldsPopups } from '../stores/ui-store.ts';

interface ConfirmDialogProps {
  /** The button that opens the question. */
  triggerLabel: string;
  triggerLook?: LookProps;
  /** A fuller name for the trigger when its visible label repeats on the screen ("하늘맘네 가족 내보내기"). */
  triggerAriaLabel?: string;
  /** The question, e.g. "로그아웃할까요?". */
  title: string;
  /** What happens next, when it is not obvious. */
  description?: string;
  cancelLabel: string;
  confirmLabel: string;
  /** Destructive actions get the danger look. */
  danger?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}

const loadPopup = () => import('./confirm-dialog-popup.tsx');
const ConfirmDialogPopup = lazy(async () => ({ default: (await loadPopup()).ConfirmDialogPopup }));

/**
 * "팀에서 나갈까요?" / 취소 · 나가기 (design.md): a button, and a Base UI AlertDialog around one action.
 * The dialog (its code, its styles, its root) is loaded and mounted at the first tap, not with the
 * page: /my and the team pages drew and evaluated it closed (decision 049). Its code is fetched when a
 * pointer goes down on, or focus enters, the button, so it is there by the click as a rule; once
 * opened it stays mounted, so it closes with its animation.
 */
export function ConfirmDialog({
  triggerLabel,
  triggerLook = { variant: 'neutral', block: true },
  triggerAriaLabel,
  disabled = false,
  ...popup
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useHoldsPopups(open);
  const preload = () => void loadPopup().catch(() => undefined);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={buttonClasses(triggerLook)}
        disabled={disabled}
        aria-label={triggerAriaLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {triggerLabel}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <ConfirmDialogPopup {...popup} open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
        </Suspense>
      )}
    </>
  );
}
