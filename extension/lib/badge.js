// badge.js: the opt-in count of a page's feeds on the toolbar button, off
// by default. Turning it on asks the browser for the optional host
// permission (every http and https page) and registers the content script
// content/feeds.js, which hands each page's <link> and <meta> elements to
// the worker; the worker counts the feeds with the classifier, advertised
// and derived alike (glance.js). Turning it off unregisters the script and
// gives the permission back. Used by the settings page and the worker.

/** BADGE_KEY is the chrome.storage.local key of the setting (true: on). */
export const BADGE_KEY = "badge";

/** ORIGINS are the optional host permissions the count needs. */
export const ORIGINS = ["http://*/*", "https://*/*"];

/** SCRIPT_ID is the registered content script's id. */
export const SCRIPT_ID = "feedscout-feeds";

/** COUNT_MESSAGE is the type of the content script's message. */
export const COUNT_MESSAGE = "feedscout-count";

/**
 * enableBadge asks for the host permission (call it straight from the
 * click: browsers grant it only to a user's gesture) and, granted,
 * registers the content script and stores the setting. Resolves to
 * whether the count is on.
 */
export async function enableBadge() {
  const granted = await chrome.permissions.request({ origins: ORIGINS });
  if (!granted) return false;
  await register();
  await chrome.storage.local.set({ [BADGE_KEY]: true });
  return true;
}

/** disableBadge turns the count off and gives the permission back. */
export async function disableBadge() {
  await chrome.storage.local.set({ [BADGE_KEY]: false });
  await unregister();
  try {
    await chrome.permissions.remove({ origins: ORIGINS });
  } catch {
    // the browser keeps permissions the user granted elsewhere
  }
  await clearBadges();
}

/** badgeOn reports whether the setting is on and the permission held. */
export async function badgeOn() {
  const stored = await chrome.storage.local.get(BADGE_KEY);
  return stored[BADGE_KEY] === true && (await chrome.permissions.contains({ origins: ORIGINS }));
}

/**
 * register registers the content script once. Its path starts at the
 * extension's root: Firefox reads a relative one from the calling page's
 * folder.
 */
export async function register() {
  const have = await chrome.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
  if (have.length) return;
  await chrome.scripting.registerContentScripts([
    { id: SCRIPT_ID, js: ["/content/feeds.js"], matches: ORIGINS, runAt: "document_idle", persistAcrossSessions: true },
  ]);
}

/** unregister removes the content script, when it is registered. */
export async function unregister() {
  const have = await chrome.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
  if (have.length) await chrome.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
}

/** clearBadges removes the count from every tab. */
async function clearBadges() {
  const tabs = await chrome.tabs.query({});
  await Promise.all(tabs.map((tab) => chrome.action.setBadgeText({ tabId: tab.id, text: "" }).catch(() => {})));
}
