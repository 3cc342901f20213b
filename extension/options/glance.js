// glance.js (settings): the "Feeds at a glance" block, apart from the
// settings form: the opt-in count of a page's feeds on the toolbar button
// (lib/badge.js), saved as soon as it is changed. The icon note is shown
// where the browser has declarativeContent (Chromium).

import { t } from "../lib/i18n.js";
import { enableBadge, disableBadge, badgeOn } from "../lib/badge.js";

const box = document.getElementById("glance-badge");
const status = document.getElementById("glance-status");
document.getElementById("glance-icon").hidden = !globalThis.chrome?.declarativeContent;

badgeOn().then((on) => {
  box.checked = on;
  document.getElementById("glance").dataset.state = "ready";
});

box.addEventListener("change", () => {
  const asking = box.checked;
  // The permission request must start in the click itself: no await first.
  const done = asking ? enableBadge() : disableBadge().then(() => false);
  done.then(
    (on) => {
      box.checked = on;
      status.textContent = on ? t("glance_badge_on") : asking ? t("glance_badge_denied") : t("glance_badge_off");
    },
    (err) => {
      box.checked = false;
      status.textContent = String(err?.message || err);
    },
  );
});
