/**
 * The barcode scanner: a hardware scanner is a keyboard that types a code's characters quickly and
 * then Enter, wherever the focus is. A person types the same keys, only slower, so the decision is
 * made on the keys' own timestamps (`KeyboardEvent.timeStamp`), never on timers. Digits form a run
 * while each comes at most `MAX_PAUSE_MS` after the one before; an Enter ending a run of at least
 * `MIN_LENGTH` digits whose keys came on average less than `MAX_GAP_MS` apart is a scan. Scanners
 * send a key every few milliseconds; the fastest typists about one every 80 to 120 ms, and fewer in a
 * row than a barcode has. The average, rather than every gap, keeps a scan a scan when a busy device
 * delays one of its keys (a pause longer than `MAX_PAUSE_MS` still ends the run, so digits typed
 * by hand just before a scan are not taken into its code).
 */
import { useEffect, useRef } from 'preact/hooks';

/** The most time between two keys of a scan, on average over its digits and Enter. */
export const MAX_GAP_MS = 50;
/** A longer pause between two keys ends a run of digits. */
export const MAX_PAUSE_MS = 150;
/** The fewest digits of a scan (EAN-8 and UPC-E have 8; shorter in-store codes exist). */
export const MIN_LENGTH = 6;

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
  private first = 0;
  private last = Number.NEGATIVE_INFINITY;

  /** The code this key completes (it is then an Enter), or undefined. */
  read(event: ScanKey): string | undefined {
    const inRun = event.timeStamp - this.last <= MAX_PAUSE_MS;
    if (/^[0-9]$/.test(event.key)) {
      if (!inRun) {
        this.digits = '';
        this.first = event.timeStamp;
      }
      this.digits += event.key;
      this.last = event.timeStamp;
      return undefined;
    }
    const code = this.digits;
    const meanGap = (event.timeStamp - this.first) / code.length;
    this.reset();
    if (event.key === 'Enter' && inRun && code.length >= MIN_LENGTH && meanGap < MAX_GAP_MS) return code;
    return undefined;
  }

  reset(): void {
    this.digits = '';
    this.first = 0;
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
