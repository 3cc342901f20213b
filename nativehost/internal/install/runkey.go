package install

import "strings"

// The gateway at login on Windows: a value of the user's Run key, which
// Windows runs at every login of that user. The command goes through
// conhost.exe --headless so that no console window opens for it (the host
// is a console program: the browsers and a terminal talk to it through
// its standard streams).
const (
	// RunKey is the key under HKEY_CURRENT_USER.
	RunKey = `Software\Microsoft\Windows\CurrentVersion\Run`
	// RunValue is the value's name.
	RunValue = "feedscout-gateway"
)

// RunKeyService describes the Run key value that starts hostPath with
// `serve` and args at login, systemDir being Windows's System32 folder
// (where conhost.exe is).
func RunKeyService(systemDir, hostPath string, args []string) Service {
	argv := append([]string{winJoin(systemDir, "conhost.exe"), "--headless", hostPath, "serve"}, args...)
	return Service{Kind: "run-key", Path: `HKCU\` + RunKey + `\` + RunValue, Body: []byte(CommandLine(argv))}
}

// CommandLine joins argv into one Windows command line that
// CommandLineToArgvW (and Go's os.Args) splits back into argv.
func CommandLine(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = quoteWindows(a)
	}
	return strings.Join(q, " ")
}

// quoteWindows quotes one argument by the Windows rules: in quotes when it
// has a space, tab or quote or is empty; a quote is escaped with a
// backslash, and the backslashes before a quote (or before the closing
// one) are doubled.
func quoteWindows(a string) string {
	if a != "" && !strings.ContainsAny(a, " \t\"") {
		return a
	}
	var b strings.Builder
	b.WriteByte('"')
	slashes := 0
	for i := 0; i < len(a); i++ {
		switch c := a[i]; c {
		case '\\':
			slashes++
		case '"':
			b.WriteString(strings.Repeat(`\`, 2*slashes+1))
			b.WriteByte('"')
			slashes = 0
			continue
		default:
			b.WriteString(strings.Repeat(`\`, slashes))
			b.WriteByte(c)
			slashes = 0
			continue
		}
	}
	b.WriteString(strings.Repeat(`\`, 2*slashes))
	b.WriteByte('"')
	return b.String()
}
