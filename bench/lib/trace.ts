/**
 * Where a page's main thread went while it loaded, from a Chromium performance trace (issue 26, first screens):
 * the renderer's main-thread events up to a moment, each event's own time (less what ran inside it) put in
 * the class DevTools' summary uses: script compile, script run, HTML parse, style, layout, paint, garbage
 * collection. Forced layouts and style recalculations inside a script count as layout and style, as there.
 */

/** The trace categories these classes need. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean } };
}

const CLASSES: [RegExp, string][] = [
  [
    /^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.produceCache|v8\.parseOnBackground|CompileScript|v8\.deserializeOnBackground)/,
    'compile',
  ],
  [/GC|^V8\.GC/, 'GC'],
  [/^(ParseHTML)$/, 'HTML parse'],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/, 'style'],
  [/^(Layout|UpdateLayout)$/, 'layout'],
  [/^(Paint|PaintImage|PrePaint|Layerize|UpdateLayerTree|CompositeLayers|Commit|RasterTask)$/, 'paint'],
  [
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.run|V8\.Execute|FireIdleCallback|XHRReadyStateChange|HandlePostMessage|ResourceReceivedData)$/,
    'script',
  ],
];

const classOf = (name: string) => CLASSES.find(([pattern]) => pattern.test(name))?.[1];

/**
 * The main thread's time by class (ms) from navigation to `untilMs` after it (the page's performance.now()),
 * out of a trace as `browser.stopTracing()` gives it.
 */
export function mainThreadSummary(traceJson: string, untilMs: number): Record<string, number> {
  const parsed = JSON.parse(traceJson) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  // The page's navigation: the main frame's navigation start that names the page's address (the browser's own
  // pages, and blank documents, start navigations of their own in the same trace).
  const navigation = events
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.isOutermostMainFrame !== false &&
        event.args?.data?.documentLoaderURL?.startsWith('http'),
    )
    .sort((a, b) => b.ts - a.ts)[0];
  if (!navigation) return {};
  const start = navigation.ts;
  const end = start + untilMs * 1000;
  const main = events
    .filter(
      (event) =>
        event.pid === navigation.pid &&
        event.tid === navigation.tid &&
        event.ph === 'X' &&
        event.dur !== undefined &&
        event.ts < end &&
        event.ts + (event.dur ?? 0) > start,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals: Record<string, number> = {};
  // Each classified event's own time: its span within [start, end) less its classified children's.
  const stack: { end: number; cls: string | undefined; childTime: number; own: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const top = stack.pop() as (typeof stack)[number];
      if (top.cls) totals[top.cls] = (totals[top.cls] ?? 0) + Math.max(0, top.own - top.childTime) / 1000;
    }
  };
  for (const event of main) {
    close(event.ts);
    const from = Math.max(event.ts, start);
    const to = Math.min(event.ts + (event.dur ?? 0), end);
    const cls = classOf(event.name);
    const own = Math.max(0, to - from);
    // a classified event's time is taken from the nearest classified event around it
    if (cls) {
      const parent = [...stack].reverse().find((frame) => frame.cls !== undefined);
      if (parent) parent.childTime += own;
    }
    stack.push({ end: event.ts + (event.dur ?? 0), cls, childTime: 0, own });
  }
  close(Number.POSITIVE_INFINITY);
  return Object.fromEntries(Object.entries(totals).map(([name, ms]) => [name, Math.round(ms)]));
}

/** `{ script: 812, style: 95, … }` as `script 812 ms, style 95 ms, …`, largest first. */
export const describeSummary = (summary: Record<string, number>) =>
  Object.entries(summary)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ');
