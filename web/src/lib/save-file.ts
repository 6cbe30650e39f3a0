/** Saves bytes the page made (a slip's `.txt`) as a download named `fileName`. */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL is let go after the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
