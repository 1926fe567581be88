/**
 * Rules that tell generated (per-render, per-build) identifiers from ones a
 * person wrote. Self-contained so it runs both in Node (selector-kinds.ts)
 * and inside the page (candidate generation).
 */

/** Volatility checks. */
export interface Volatility {
  /** True for ids a framework or a counter generated: they change between runs. */
  isVolatileId(id: string): boolean;
  /** True for attribute values (test ids, names, classes) that look generated. */
  isVolatileValue(value: string): boolean;
}

/** Page-safe factory of the volatility rules. */
export function createVolatility(): Volatility {
  // Framework-generated id shapes, each seen in the wild.
  const VOLATILE_ID_PATTERNS: RegExp[] = [
    /^:[a-z0-9]+:$/i, // React 18 useId ":r0:", ":R6ml9:"
    /^«[a-z0-9]+»$/i, // React 19 useId "«r1»"
    /:r[0-9a-z]{1,6}:/i, // useId embedded: "radix-:r1:", "headlessui-menu-:r3:"
    /^mui-\d+/i,
    /^ember\d+$/i,
    /^ext-(gen|comp|element)-?\d+/i, // ExtJS
    /^yui_/i,
    /^(mat|cdk)-[a-z-]+-\d+$/i, // Angular Material
    /^headlessui-/i,
    /^radix-/i,
    /^ui-id-\d+$/i, // jQuery UI
    /^gwt-uid-\d+$/i,
    /^j_id/i, // JSF
    /^react-select-\d+/i,
    /^downshift-\d+/i,
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i, // uuid
    /\d{3,}/, // counters and timestamps
  ];
  // Hashed class names and generated attribute values.
  const VOLATILE_VALUE_PATTERNS: RegExp[] = [
    /^css-[a-z0-9]+(-[a-z0-9]+)*$/i, // emotion
    /^sc-[a-z0-9]+$/i, // styled-components
    /^jsx-\d+$/i, // styled-jsx
    /^[a-z][a-z0-9]*_[a-z0-9-]+__[a-z0-9_-]{5}$/i, // CSS modules "Button_primary__3xK9z"
    /^_(?=[a-z0-9]*\d)[a-z0-9]{5,}$/i, // "_3xK9z"
    /^[a-z]{1,3}-[a-f0-9]{6,}$/i, // "x-1a2b3c4d"
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
  ];

  /**
   * A token ending in a hex run with letters: any 8+ characters, or 6–7
   * with two digits ("status-e69ccbb6", "xe69ccbb6", "status-daefdbed": a
   * random hex suffix alternates too rarely for the switch count below).
   * Generated hashes are appended, so only a run that ends the token counts
   * ("added2cart" is kept); English has few 8-letter words of a–f alone
   * ("deadbeef" is flagged). Flagging a hand-written id costs only its
   * candidate; recording a generated one breaks every rerun.
   */
  function hasRandomHex(token: string): boolean {
    const run = /[0-9a-f]{6,}$/i.exec(token)?.[0];
    if (!run) return false;
    const digits = run.replace(/[^0-9]/g, '').length;
    return digits < run.length && (run.length >= 8 || digits >= 2);
  }

  /** A long run that alternates letters and digits many times ("a8b3c9d2e1") or holds random hex. */
  function looksRandom(value: string): boolean {
    for (const token of value.split(/[^a-z0-9]+/i)) {
      if (hasRandomHex(token)) return true;
      if (token.length < 6) continue;
      let switches = 0;
      for (let i = 1; i < token.length; i++) {
        if (/\d/.test(token[i]) !== /\d/.test(token[i - 1])) switches++;
      }
      if (switches >= 4) return true;
    }
    return false;
  }

  return {
    isVolatileId(id: string): boolean {
      const value = id.trim();
      if (!value) return true;
      return VOLATILE_ID_PATTERNS.some((re) => re.test(value)) || looksRandom(value);
    },
    isVolatileValue(value: string): boolean {
      const v = value.trim();
      if (!v) return true;
      return VOLATILE_VALUE_PATTERNS.some((re) => re.test(v)) || looksRandom(v) || /^:[a-z0-9]+:$/i.test(v);
    },
  };
}
