/**
 * Items ordered so that each comes after everything it depends on (a
 * depth-first topological sort that keeps the given order where the
 * dependencies leave it free), or the first cycle found, named. The
 * kernel's loader orders plugins with it (providers before the plugins
 * that require their tokens).
 */

/** A dependency cycle: the items from the first one round to it again (`a -> b -> a`). */
export class DependencyCycle<T> extends Error {
  constructor(readonly cycle: T[], name: (item: T) => string) {
    super(`dependency cycle: ${cycle.map(name).join(' -> ')}`);
    this.name = 'DependencyCycle';
  }
}

/** `items` with every item after its `dependsOn` items; throws DependencyCycle when some depend on each other. */
export function dependencyOrder<T>(items: readonly T[], dependsOn: (item: T) => readonly T[], name: (item: T) => string): T[] {
  const ordered: T[] = [];
  const state = new Map<T, 'visiting' | 'done'>();
  const visit = (item: T, trail: T[]) => {
    const s = state.get(item);
    if (s === 'done') return;
    if (s === 'visiting') throw new DependencyCycle([...trail.slice(trail.indexOf(item)), item], name);
    state.set(item, 'visiting');
    for (const d of dependsOn(item)) visit(d, [...trail, item]);
    state.set(item, 'done');
    ordered.push(item);
  };
  for (const item of items) visit(item, []);
  return ordered;
}
