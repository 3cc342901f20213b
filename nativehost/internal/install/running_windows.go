package install

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// StartNow starts argv (a gateway: hostPath serve ...) as a process of its
// own with no console window, not waiting for it: what the Run key does at
// the next login, done now.
func StartNow(argv []string) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: windows.CREATE_NO_WINDOW | windows.CREATE_NEW_PROCESS_GROUP}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start the gateway: %w", err)
	}
	return cmd.Process.Release()
}

// StopRunning ends the running gateways of this user: the processes of
// the host's executable (hostPath) whose command line runs `serve`. The
// native hosts browsers start run the same executable without `serve` and
// are left alone. It returns how many it ended.
func StopRunning(hostPath string) (int, error) {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPPROCESS, 0)
	if err != nil {
		return 0, fmt.Errorf("list processes: %w", err)
	}
	defer windows.CloseHandle(snap)
	exe := filepath.Base(hostPath)
	var e windows.ProcessEntry32
	e.Size = uint32(unsafe.Sizeof(e))
	ended := 0
	for err = windows.Process32First(snap, &e); err == nil; err = windows.Process32Next(snap, &e) {
		if e.ProcessID == uint32(os.Getpid()) || !strings.EqualFold(windows.UTF16ToString(e.ExeFile[:]), exe) {
			continue
		}
		ok, err := endGateway(e.ProcessID, hostPath)
		if err != nil {
			return ended, err
		}
		if ok {
			ended++
		}
	}
	return ended, nil
}

// endGateway ends process pid when it is hostPath running serve.
func endGateway(pid uint32, hostPath string) (bool, error) {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_INFORMATION|windows.PROCESS_VM_READ|windows.PROCESS_TERMINATE, false, pid)
	if err != nil {
		return false, nil // another user's, or gone
	}
	defer windows.CloseHandle(h)
	buf := make([]uint16, windows.MAX_LONG_PATH)
	n := uint32(len(buf))
	if windows.QueryFullProcessImageName(h, 0, &buf[0], &n) != nil || !strings.EqualFold(windows.UTF16ToString(buf[:n]), hostPath) {
		return false, nil
	}
	args, err := commandLine(h)
	if err != nil {
		return false, fmt.Errorf("read the command line of process %d: %w", pid, err)
	}
	if len(args) < 2 || args[1] != "serve" {
		return false, nil
	}
	if err := windows.TerminateProcess(h, 0); err != nil {
		return false, fmt.Errorf("end the gateway (process %d): %w", pid, err)
	}
	return true, nil
}

// commandLine is the split command line of the process h: asked of the
// kernel (ProcessCommandLineInformation, Windows 8.1 and later), else read
// from the process's PEB (what Wine, which lacks that query, answers).
func commandLine(h windows.Handle) ([]string, error) {
	buf := make([]byte, 64<<10)
	n := uint32(len(buf))
	if windows.NtQueryInformationProcess(h, windows.ProcessCommandLineInformation, unsafe.Pointer(&buf[0]), n, &n) == nil {
		s := (*windows.NTUnicodeString)(unsafe.Pointer(&buf[0]))
		return windows.DecomposeCommandLine(windows.UTF16ToString(unsafe.Slice(s.Buffer, s.Length/2)))
	}
	var info windows.PROCESS_BASIC_INFORMATION
	if err := windows.NtQueryInformationProcess(h, windows.ProcessBasicInformation, unsafe.Pointer(&info), uint32(unsafe.Sizeof(info)), nil); err != nil {
		return nil, err
	}
	var peb windows.PEB
	if err := readMemory(h, uintptr(unsafe.Pointer(info.PebBaseAddress)), unsafe.Pointer(&peb), unsafe.Sizeof(peb)); err != nil {
		return nil, err
	}
	var params windows.RTL_USER_PROCESS_PARAMETERS
	if err := readMemory(h, uintptr(unsafe.Pointer(peb.ProcessParameters)), unsafe.Pointer(&params), unsafe.Sizeof(params)); err != nil {
		return nil, err
	}
	line := make([]uint16, params.CommandLine.Length/2)
	if len(line) == 0 {
		return nil, nil
	}
	if err := readMemory(h, uintptr(unsafe.Pointer(params.CommandLine.Buffer)), unsafe.Pointer(&line[0]), uintptr(len(line))*2); err != nil {
		return nil, err
	}
	return windows.DecomposeCommandLine(windows.UTF16ToString(line))
}

// readMemory copies size bytes at addr in process h to p.
func readMemory(h windows.Handle, addr uintptr, p unsafe.Pointer, size uintptr) error {
	var n uintptr
	if err := windows.ReadProcessMemory(h, addr, (*byte)(p), size, &n); err != nil {
		return fmt.Errorf("read process memory: %w", err)
	}
	if n != size {
		return fmt.Errorf("read process memory: %d of %d bytes", n, size)
	}
	return nil
}
