package message

// The protocol's words, in the order nativehost/PROTOCOL.md lists them.
// A test holds PROTOCOL.md's tables to these lists, and go generate
// writes the extension's lib/protocol_gen.js from them (gen/).
var (
	// RequestTypes are the request types the host answers.
	RequestTypes = []string{TypeDiscover, TypeSection, TypeCheck, TypeFeed, TypeStatus, TypeVersion}
	// ReplyTypes are the types of the host's replies.
	ReplyTypes = []string{TypeProgress, TypeResult, TypeError}
	// Codes are the error codes of error replies.
	Codes = []string{
		CodeBadJSON, CodeBadRequest, CodeUnknownType, CodeBadURL, CodeEmpty, CodeTooLarge, CodeCorrupt,
		CodeFetch, CodeReplyTooLarge, CodeInternal, CodeShutdown, CodeAlreadyFeed, CodeNotFollowable, CodeNoFeedYet,
	}
)

//go:generate go run ./gen ../../../extension/lib/protocol_gen.js
