// Remix matches a document's URL against the whole route tree three times (the request handler, the
// data router, the render), and each time it flattens, ranks and compiles every route: with our 80
// routes that was the largest part of a page's CPU (ADR 086). A route whose path names a segment the
// URL does not have at that place cannot match it. So the server keeps, for the first two segments of
// a URL, a copy of the build without those routes (the others in the build's order, so the ranking
// and every match stay what the whole build gives) and one Remix handler per copy.

/** How many leading segments of a URL choose its routes. */
const DEPTH = 2;

/** Remix answers lazy route discovery here, about any path: that takes the whole build. */
const MANIFEST_PATH = '/__manifest';

/** Stands for a URL segment no route names at its place (no route segment is ever this). */
const UNNAMED = '\0';

/** A route segment that matches whatever the URL has at its place (or shifts what follows). */
const isDynamic = (segment) => segment.startsWith(':') || segment.startsWith('*') || segment.endsWith('?');

/** Each route's whole path (its ancestors' paths joined), as lower-cased segments. */
function routeSegments(routes) {
  const segments = new Map();
  for (const id of Object.keys(routes)) {
    let path = '';
    for (let route = routes[id]; route; route = routes[route.parentId]) path = `${route.path ?? ''}/${path}`;
    segments.set(id, path.toLowerCase().split('/').filter(Boolean));
  }
  return segments;
}

/**
 * Whether a route with these segments may match a URL whose leading segments are `key`: it cannot
 * when, before any dynamic segment of its own, it names a segment the URL does not have there.
 * A route whose path ends first stays (a layout or an index route).
 */
function mayMatch(segments, key) {
  for (let i = 0; i < DEPTH && i < segments.length; i += 1) {
    if (isDynamic(segments[i])) return true;
    if (segments[i] !== key[i]) return false;
  }
  return true;
}

/**
 * The path Remix will match for a request target, as @remix-run/express and the router read it
 * (parsed as a URL, each segment percent-decoded, matched without regard to case): its leading
 * segments, or `undefined` when it cannot be decoded; `manifest` when Remix answers it as its route
 * manifest.
 */
function leadingSegments(target) {
  const { pathname } = new URL(`http://host${target}`);
  if (pathname === MANIFEST_PATH) return 'manifest';
  try {
    return pathname
      .split('/')
      .slice(1, DEPTH + 1)
      .map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F').toLowerCase());
  } catch {
    return undefined;
  }
}

/**
 * Route areas of a build: `for(target)` gives `make(build)` for a build holding only the routes the
 * target's path may match, made once per distinct set of routes; the whole build's for Remix's route
 * manifest and for a path that cannot be decoded.
 */
export function createRouteAreas(build, make) {
  const segments = routeSegments(build.routes);
  const named = Array.from(
    { length: DEPTH },
    (_, i) => new Set([...segments.values()].map((s) => s[i]).filter((s) => s && !isDynamic(s))),
  );
  const whole = make(build);
  // By the routes kept, so that URLs with the same routes share one (fewer than the routes), and by
  // the key, so that the routes are chosen once per key (a key is made of named segments only).
  const byRoutes = new Map();
  const byKey = new Map();

  /** The target's leading segments, each one no route names at its place written as UNNAMED. */
  const key = (target) => {
    const leading = leadingSegments(target);
    if (leading === undefined || leading === 'manifest') return undefined;
    return leading.map((segment, i) => (named[i].has(segment) ? segment : UNNAMED));
  };

  const areaBuild = (k) => {
    const kept = (id) => mayMatch(segments.get(id), k);
    const pick = (routes) => Object.fromEntries(Object.entries(routes).filter(([id]) => kept(id)));
    return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
  };

  return {
    for(target) {
      const k = key(target);
      if (k === undefined) return whole;
      const id = k.join('/');
      let area = byKey.get(id);
      if (!area) {
        const chosen = areaBuild(k);
        const routes = Object.keys(chosen.routes).join();
        area = byRoutes.get(routes) ?? make(chosen);
        byRoutes.set(routes, area);
        byKey.set(id, area);
      }
      return area;
    },
  };
}
