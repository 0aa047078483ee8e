/**
 * The barcode scanner: a hardware scanner is a keyboard that types a code's characters quickly and
 * then Enter, wherever the focus is. A person types the same keys, only slower, so the decision is
 * made on the keys' own timestamps (`KeyboardEvent.timeStamp`), never on timers: a run of at least
 * `MIN_LENGTH` digits, each less than `MAX_GAP_MS` after the one before, closed by an Enter as quick,
 * is a scan. The fastest people type about 8 keys a second (125 ms apart); scanners send a key
 * every few milliseconds.
 */
import { useEffect, useRef } from 'preact/hooks';

/** The most time between two keys of one scan. */
export const MAX_GAP_MS = 50;
/** The fewest digits of a scan (EAN-8 has 8; shorter in-store codes exist, 4 keeps typed PINs apart less often than 3). */
export const MIN_LENGTH = 4;

export interface ScanKey {
  key: string;
  timeStamp: number;
}

/**
 * Reads keys one at a time and answers the code when a key completes a scan. Pure: the page feeds it
 * the document's keydown events.
 */
export class ScanReader {
  private digits = '';
  private last = Number.NEGATIVE_INFINITY;

  /** The code this key completes (it is then an Enter), or undefined. */
  read(event: ScanKey): string | undefined {
    const quick = event.timeStamp - this.last < MAX_GAP_MS;
    if (/^[0-9]$/.test(event.key)) {
      this.digits = quick ? this.digits + event.key : event.key;
      this.last = event.timeStamp;
      return undefined;
    }
    const code = this.digits;
    this.reset();
    if (event.key === 'Enter' && quick && code.length >= MIN_LENGTH) return code;
    return undefined;
  }

  reset(): void {
    this.digits = '';
    this.last = Number.NEGATIVE_INFINITY;
  }
}

/**
 * Listens to the whole document while mounted and calls `onScan` with each scanned code. The Enter
 * that ends a scan does nothing else (no form is sent, no button pressed), and the digits a scan
 * typed into a text field are taken out of it again, so a scan while the focus is in the search box
 * or a note leaves the field as it was.
 */
export function useBarcodeScanner(onScan: (code: string) => void): void {
  const callback = useRef(onScan);
  callback.current = onScan;
  useEffect(() => {
    const reader = new ScanReader();
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return reader.reset();
      // Only the keys scanners send take part; Shift (some scanners press it) is neither kept nor a break.
      if (event.key === 'Shift') return;
      const code = reader.read(event);
      if (code === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      removeTyped(event.target, code);
      callback.current(code);
    };
    // The capture phase: the scan's Enter is seen (and stopped) before any form or button below gets it.
    document.addEventListener('keydown', listener, true);
    return () => document.removeEventListener('keydown', listener, true);
  }, []);
}

/** Takes `code` off the end of the text field that received it, and tells the page's state (an input event). */
function removeTyped(target: EventTarget | null, code: string): void {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
  if (!target.value.endsWith(code)) return;
  target.value = target.value.slice(0, target.value.length - code.length);
  target.dispatchEvent(new Event('input', { bubbles: true }));
}
