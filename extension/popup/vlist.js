// vlist.js: a virtualised list for long lists of rows whose heights are
// known before they are drawn (one fixed height, or each row's own from
// heightOf). Only the rows in view (plus a few either side) exist in the
// DOM, so a report with 10,000 sections renders and scrolls as fast as
// one with 10.
//
// Keyboard: rows that stay in range are kept, not redrawn, and the row
// holding the focus is kept even when it scrolls out of range, so focus
// is never lost to the page while the list scrolls. ArrowDown and ArrowUp
// (Home, End) move the focus to the same control of the next (previous,
// first, last) row, drawing and scrolling to it.

const OVERSCAN = 8;

/**
 * VirtualList draws items into container (which it styles as the scroll
 * box). renderRow(item, index) returns the element of one row; it is called
 * again whenever the row scrolls back into view or refresh() runs.
 */
export class VirtualList {
  /**
   * @param {HTMLElement} container
   * heightOf, when given, is each row's height in pixels (rowHeight the
   * least); it is asked again for every item whenever setItems runs.
   * @param {{rowHeight: number, maxHeight: number, renderRow: (item: any, i: number) => HTMLElement,
   *   heightOf?: (item: any) => number}} opts
   */
  constructor(container, { rowHeight, maxHeight, renderRow, heightOf }) {
    this.box = container;
    this.rowHeight = rowHeight;
    this.heightOf = heightOf || null;
    /** @type {Float64Array} tops[i] is row i's top; tops[n] the list's height */
    this.tops = new Float64Array(1);
    this.maxHeight = maxHeight;
    this.renderRow = renderRow;
    this.items = [];
    this.first = -1;
    this.last = -1;
    /** @type {Map<number, HTMLElement>} the rows in the DOM by index */
    this.rows = new Map();
    this.spacer = document.createElement("div");
    this.spacer.className = "vlist-spacer";
    this.box.classList.add("vlist");
    this.box.style.maxHeight = `${maxHeight}px`;
    this.box.replaceChildren(this.spacer);
    this.pending = false;
    this.box.addEventListener("scroll", () => this.schedule(), { passive: true });
    this.box.addEventListener("keydown", (ev) => this.key(ev));
    // A row kept only for the focus goes once the focus leaves it.
    this.box.addEventListener("focusout", () => {
      this.first = -1;
      this.schedule();
    });
  }

  /** setItems replaces the list and scrolls back to the top. */
  setItems(items) {
    this.items = items;
    this.tops = new Float64Array(items.length + 1);
    for (let i = 0; i < items.length; i++) {
      const h = this.heightOf ? Math.max(this.rowHeight, Math.ceil(this.heightOf(items[i]))) : this.rowHeight;
      this.tops[i + 1] = this.tops[i] + h;
    }
    const total = this.tops[items.length];
    this.spacer.style.height = `${total}px`;
    this.box.style.height = `${Math.min(total, this.maxHeight)}px`;
    this.box.scrollTop = 0;
    this.refresh();
  }

  /** refresh redraws the rows in view (after their data changed). */
  refresh() {
    for (const row of this.rows.values()) row.remove();
    this.rows.clear();
    this.first = -1;
    this.last = -1;
    this.draw();
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.draw();
    });
  }

  /** at is the index of the row at offset y (the last row for y past the end). */
  at(y) {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.tops[mid + 1] <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  draw() {
    const view = this.box.clientHeight || this.maxHeight;
    const first = Math.max(0, this.at(this.box.scrollTop) - OVERSCAN);
    const last = Math.min(this.items.length, this.at(this.box.scrollTop + view) + 1 + OVERSCAN);
    if (first === this.first && last === this.last) return;
    this.first = first;
    this.last = last;
    const focused = this.focusedIndex();
    for (const [i, row] of this.rows) {
      if ((i < first || i >= last) && i !== focused) {
        row.remove();
        this.rows.delete(i);
      }
    }
    for (let i = first; i < last; i++) {
      if (!this.rows.has(i)) this.rows.set(i, this.make(i));
    }
    // Rows in index order, so that Tab walks the list from top to bottom.
    const order = [...this.rows.keys()].sort((a, b) => a - b);
    let prev = null;
    for (const i of order) {
      const row = this.rows.get(i);
      const want = prev ? prev.nextSibling : this.spacer.firstChild;
      if (row !== want) this.spacer.insertBefore(row, want);
      prev = row;
    }
  }

  make(i) {
    const row = this.renderRow(this.items[i], i);
    row.classList.add("vrow");
    row.dataset.index = String(i);
    row.style.top = `${this.tops[i]}px`;
    row.style.height = `${this.tops[i + 1] - this.tops[i]}px`;
    return row;
  }

  /** focusedIndex is the index of the row holding the focus, or -1. */
  focusedIndex() {
    const a = document.activeElement;
    if (!a || !this.spacer.contains(a)) return -1;
    const row = a.closest(".vrow");
    return row ? Number(row.dataset.index) : -1;
  }

  /**
   * focusRow scrolls row i into view, draws it and focuses its control
   * number slot (its n-th focusable element; the last one when it has
   * fewer).
   */
  focusRow(i, slot = 0) {
    if (i < 0 || i >= this.items.length) return;
    const view = this.box.clientHeight || this.maxHeight;
    if (this.tops[i] < this.box.scrollTop) this.box.scrollTop = this.tops[i];
    else if (this.tops[i + 1] > this.box.scrollTop + view) this.box.scrollTop = this.tops[i + 1] - view;
    this.draw();
    let row = this.rows.get(i);
    if (!row) {
      row = this.make(i);
      this.rows.set(i, row);
      this.spacer.append(row);
    }
    const controls = focusables(row);
    if (controls.length) controls[Math.min(slot, controls.length - 1)].focus({ preventScroll: true });
  }

  key(ev) {
    const i = this.focusedIndex();
    if (i < 0 || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const row = this.rows.get(i);
    const slot = Math.max(0, focusables(row).indexOf(document.activeElement));
    const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: this.items.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    this.focusRow(Math.max(0, Math.min(this.items.length - 1, to)), slot);
  }
}

function focusables(row) {
  return [...row.querySelectorAll("a[href], button:not([disabled]), input:not([disabled])")];
}
