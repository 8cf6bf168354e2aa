/**
 * A strict parser of the Prometheus text exposition format (0.0.4), for tests: it throws on anything a
 * Prometheus server would refuse or misread, rather than skipping it. Checks what scrapers check (names,
 * label syntax and escapes, values, one TYPE and HELP per family declared before its samples, families
 * not interleaved, no repeated series) and what histograms promise (cumulative buckets, `+Inf` = count).
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string | undefined;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const FLOAT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<MetricType, readonly string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const families = new Map<string, MetricFamily>();
  const series = new Set<string>();
  let current: MetricFamily | undefined;
  const family = (name: string): MetricFamily => {
    if (!METRIC_NAME.test(name)) throw new Error(`invalid metric name '${name}'`);
    let found = families.get(name);
    if (found === undefined) {
      found = { name, type: 'untyped', help: undefined, samples: [] };
      families.set(name, found);
    } else if (found !== current) {
      throw new Error(`family ${name} appears again after another family`);
    }
    current = found;
    return found;
  };

  text
    .slice(0, -1)
    .split('\n')
    .forEach((line, index) => {
      const where = `line ${index + 1}`;
      try {
        if (line === '') return;
        const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
        if (meta !== null) {
          const [, keyword, name, rest] = meta as unknown as [string, string, string, string];
          const target = family(name);
          if (keyword === 'HELP') {
            if (target.help !== undefined) throw new Error(`second HELP for ${name}`);
            target.help = unescape(rest, false);
          } else {
            if (!TYPES.has(rest as MetricType)) throw new Error(`unknown type '${rest}'`);
            if (target.samples.length > 0 || target.type !== 'untyped') {
              throw new Error(`TYPE of ${name} after its samples or twice`);
            }
            target.type = rest as MetricType;
          }
          return;
        }
        if (line.startsWith('#')) return;
        const sample = parseSample(line);
        const owner = familyOf(sample.name, current);
        const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
        if (series.has(key)) throw new Error(`repeated series ${key}`);
        series.add(key);
        owner.samples.push(sample);
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}: ${line}`, { cause: error });
      }
    });
  for (const found of families.values()) if (found.type === 'histogram') checkHistogram(found);
  return families;
}

/** The family a sample belongs to: the one being read, under one of its type's suffixes. */
function familyOf(name: string, current: MetricFamily | undefined): MetricFamily {
  if (current === undefined || !SUFFIXES[current.type].some((suffix) => name === current.name + suffix)) {
    throw new Error(`sample ${name} outside its family's TYPE block`);
  }
  return current;
}

function parseSample(line: string): Sample {
  const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)( -?\d+)?$/.exec(line);
  if (match === null) throw new Error('not a sample line');
  const [, name, labelText, valueText] = match as unknown as [string, string, string | undefined, string];
  return {
    name,
    labels: labelText === undefined ? {} : parseLabels(labelText),
    value: parseValue(valueText),
  };
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text.slice(1, -1);
  while (rest !== '') {
    const match = /^([^=]*)="((?:[^"\\]|\\.)*)"(,|$)/.exec(rest);
    if (match === null) throw new Error(`malformed labels '${text}'`);
    const [whole, name, value] = match as unknown as [string, string, string];
    if (!LABEL_NAME.test(name)) throw new Error(`invalid label name '${name}'`);
    if (name in labels) throw new Error(`label ${name} given twice`);
    labels[name] = unescape(value, true);
    rest = rest.slice(whole.length);
  }
  return labels;
}

/** `\\` and `\n` everywhere, `\"` in label values only; any other escape is an error. */
function unescape(text: string, quoted: boolean): string {
  return text.replace(/\\(.)/g, (_all, char: string) => {
    if (char === '\\') return '\\';
    if (char === 'n') return '\n';
    if (char === '"' && quoted) return '"';
    throw new Error(`invalid escape \\${char}`);
  });
}

/** Go's strconv.ParseFloat, which Prometheus uses: NaN and Inf(inity) in any case (prom-client writes `Nan`). */
function parseValue(text: string): number {
  if (/^nan$/i.test(text)) return Number.NaN;
  if (/^[+-]?inf(inity)?$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (!FLOAT.test(text)) throw new Error(`invalid value '${text}'`);
  return Number(text);
}

function checkHistogram(family: MetricFamily): void {
  const bySeries = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = bySeries.get(key) ?? { buckets: [] };
    bySeries.set(key, entry);
    if (sample.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      entry.buckets.push([parseValue(le), sample.value]);
    } else if (sample.name.endsWith('_count')) {
      entry.count = sample.value;
    }
  }
  for (const [key, { buckets, count }] of bySeries) {
    const sorted = [...buckets].sort(([a], [b]) => a - b);
    const last = sorted.at(-1);
    if (last === undefined || last[0] !== Infinity || last[1] !== count) {
      throw new Error(`${family.name}${key}: the +Inf bucket must exist and equal _count`);
    }
    sorted.forEach(([le, value], i) => {
      if (i > 0 && value < (sorted[i - 1] as [number, number])[1]) {
        throw new Error(`${family.name}${key}: bucket le=${le} is below the one before it`);
      }
    });
  }
}
