import { PRERENDERED_PAGES } from '../web/src/prerendered-pages';

/**
 * The SPA fallback, a CloudFront Function (cloudfront-js-2.0) on the web behaviour's viewer
 * requests only: a page prerendered at build time (web/src/prerendered-pages.ts) gets its file (a
 * `$name` segment of its path matching any one segment without a dot, as `prerenderedFile`); any
 * other path whose last segment has no extension is a client-side route and gets `/index.html`;
 * files keep their path, so a missing asset is still a 404. The API behaviour never runs it, and
 * the distribution has no error pages, so the API's 403 and 404 stay JSON.
 */
export const SPA_FALLBACK_CODE = `var PAGES = ${JSON.stringify(Object.fromEntries(Object.entries(PRERENDERED_PAGES).map(([page, file]) => [page, `/${file}`])))};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/api' || uri.indexOf('/api/') === 0) return request;
  if (Object.prototype.hasOwnProperty.call(PAGES, uri)) {
    request.uri = PAGES[uri];
    return request;
  }
  var parts = uri.split('/');
  for (var page in PAGES) {
    var pattern = page.split('/');
    if (pattern.length !== parts.length) continue;
    var match = true;
    for (var i = 0; i < pattern.length && match; i++) {
      match = pattern[i] === parts[i] || (pattern[i].charAt(0) === '$' && parts[i] !== '' && parts[i].indexOf('.') === -1);
    }
    if (match) {
      request.uri = PAGES[page];
      return request;
    }
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;
