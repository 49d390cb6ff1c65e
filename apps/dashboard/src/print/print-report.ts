/**
 * Printing the one-page site report. The site map is full width on screen
 * and a fixed box on paper (see `styles/print.css`); Leaflet draws it on a
 * canvas of the container's size, so the map must be redrawn at the paper
 * size before the page is printed and again after.
 *
 * `html.printing` applies the paper layout on screen for the moment the
 * "Print site report" button needs to redraw the map first; a browser's own
 * Print command switches the `print` media instead, which {@link onPrintLayout}
 * also reports.
 */

/** Class on `<html>` that lays the page out as on paper, for the moment before printing. */
export const PRINTING_CLASS = 'printing';

/** Event fired on `window` when the page's layout switches to paper or back. */
export const PRINT_LAYOUT_EVENT = 'locscore:print-layout';

/** Waits for the browser to have drawn a frame (two animation frames: layout, then paint). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/**
 * Calls `listener` whenever the layout switches between screen and paper:
 * the `print` media (a browser's Print command, or a test emulating print)
 * or the "Print site report" button's {@link PRINTING_CLASS}.
 *
 * @param listener - redraws what depends on the layout's size
 * @returns a function that stops listening
 */
export function onPrintLayout(listener: () => void): () => void {
  const media = window.matchMedia('print');
  media.addEventListener('change', listener);
  window.addEventListener(PRINT_LAYOUT_EVENT, listener);
  return () => {
    media.removeEventListener('change', listener);
    window.removeEventListener(PRINT_LAYOUT_EVENT, listener);
  };
}

/**
 * Prints the page as its one-page report: lays it out as on paper, lets the
 * maps redraw at that size, opens the browser's print dialog, and restores
 * the screen layout when it closes.
 */
export async function printReport(): Promise<void> {
  const root = document.documentElement;
  root.classList.add(PRINTING_CLASS);
  window.dispatchEvent(new Event(PRINT_LAYOUT_EVENT));
  await nextFrame();
  try {
    window.print();
  } finally {
    root.classList.remove(PRINTING_CLASS);
    window.dispatchEvent(new Event(PRINT_LAYOUT_EVENT));
  }
}
