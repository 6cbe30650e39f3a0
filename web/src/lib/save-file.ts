/** Downloads `url` (a signed link, or an object URL the page made) under `fileName`, as a link the user clicked. */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves bytes the page made (a slip's `.txt`) as a download named `fileName`. */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  downloadUrl(url, fileName);
  // The click has handed the blob to the download; the URL is let go after the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
