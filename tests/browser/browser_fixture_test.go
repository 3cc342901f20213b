package browser

// Fixture pages for the browser tests, made in code so each test states
// what it puts on the page.

import ()

// hostile is text that would run script if it ever became markup.
const hostile = `<img src=x onerror=alert(1)>`
