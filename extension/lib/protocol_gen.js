// protocol_gen.js: the native messaging protocol's constants, written by
// go generate ./nativehost/internal/message from package message (the
// host's side of nativehost/PROTOCOL.md). Do not edit: a Go test fails
// when this file is not what the generator writes.

/** REQUEST names the request types the host answers. */
export const REQUEST = Object.freeze({
  discover: "discover",
  section: "section",
  check: "check",
  feed: "feed",
  status: "status",
  version: "version",
});

/** REPLY names the types of the host's replies. */
export const REPLY = Object.freeze({
  progress: "progress",
  result: "result",
  error: "error",
});

/** HOST_CODES names the error codes of the host's error replies. */
export const HOST_CODES = Object.freeze({
  badJson: "bad-json",
  badRequest: "bad-request",
  unknownType: "unknown-type",
  badUrl: "bad-url",
  empty: "empty",
  tooLarge: "too-large",
  corruptStream: "corrupt-stream",
  fetchFailed: "fetch-failed",
  replyTooLarge: "reply-too-large",
  internal: "internal",
  shutdown: "shutdown",
  alreadyFeed: "already-feed",
  notFollowable: "not-followable",
  noFeedYet: "no-feed-yet",
});

/** MAX_REQUEST is the largest message the host accepts, in bytes of UTF-8 JSON (message.MaxRequest). */
export const MAX_REQUEST = 8454144;

/** MAX_SPENT is the largest spent count of a discover request (message.MaxSpent). */
export const MAX_SPENT = 1000;
