// vlist.js: a virtualised list for long lists of rows of one fixed height.
// Only the rows in view (plus a few either side) exist in the DOM, so a
// report with 10,000 sections renders and scrolls as fast as one with 10.
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
   * @param {{rowHeight: number, maxHeight: number, renderRow: (item: any, i: number) => HTMLElement}} opts
   */
  constructor(container, { rowHeight, maxHeight, renderRow }) {
    this.box = container;
    this.rowHeight = rowHeight;
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
    this.spacer.style.height = `${items.length * this.rowHeight}px`;
    this.box.style.height = `${Math.min(items.length * this.rowHeight, this.maxHeight)}px`;
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

  draw() {
    const h = this.rowHeight;
    const view = this.box.clientHeight || this.maxHeight;
    const first = Math.max(0, Math.floor(this.box.scrollTop / h) - OVERSCAN);
    const last = Math.min(this.items.length, Math.ceil((this.box.scrollTop + view) / h) + OVERSCAN);
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
    row.style.top = `${i * this.rowHeight}px`;
    row.style.height = `${this.rowHeight}px`;
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
    const h = this.rowHeight;
    const view = this.box.clientHeight || this.maxHeight;
    if (i * h < this.box.scrollTop) this.box.scrollTop = i * h;
    else if ((i + 1) * h > this.box.scrollTop + view) this.box.scrollTop = (i + 1) * h - view;
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
