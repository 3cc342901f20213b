// vlist.js: a virtualised list for long lists of rows of one fixed height.
// Only the rows in view (plus a few either side) exist in the DOM, so a
// report with 10,000 sections renders and scrolls as fast as one with 10.

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
    this.spacer = document.createElement("div");
    this.spacer.className = "vlist-spacer";
    this.box.classList.add("vlist");
    this.box.style.maxHeight = `${maxHeight}px`;
    this.box.replaceChildren(this.spacer);
    this.pending = false;
    this.box.addEventListener("scroll", () => this.schedule(), { passive: true });
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
    const rows = [];
    for (let i = first; i < last; i++) {
      const row = this.renderRow(this.items[i], i);
      row.classList.add("vrow");
      row.style.top = `${i * h}px`;
      row.style.height = `${h}px`;
      rows.push(row);
    }
    this.spacer.replaceChildren(...rows);
  }
}
