package main

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
)

// page is the HTML page of -html: the drawing inline, then the text
// timeline.
var page = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>dcplan rollout: {{.Title}}</title>
<style>
body { font-family: Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; }
pre { font-size: 12px; line-height: 1.35; background: #f7f7f7; padding: 1em; overflow-x: auto; }
.fault { color: #c92a2a; }
.cmd { font-weight: bold; }
.warn { color: #e8590c; }
</style>
</head>
<body>
<h1>dc/{{.Namespace}}/{{.Config}} rollout timeline</h1>
<p>{{.Title}}. Hover a mark or band in the drawing for its timeline line.</p>
{{.SVG}}
<h2>Timeline</h2>
<pre>{{range .Lines}}<span class="{{.Class}}">{{.Text}}</span>
{{end}}</pre>
</body>
</html>
`))

// line is one line of the text timeline with its CSS class.
type line struct {
	Class string
	Text  string
}

// html returns the page of -html: the SVG drawing and the text timeline
// (text is what the story printed), faults, commands and warnings
// coloured.
func (t *timeline) html(text string) ([]byte, error) {
	svg := string(t.svg())
	svg = svg[strings.Index(svg, "<svg"):] // drop the XML declaration
	var lines []line
	for l := range strings.Lines(text) {
		l = strings.TrimSuffix(l, "\n")
		class := ""
		switch _, rest, _ := strings.Cut(l, "  "); {
		case strings.HasPrefix(rest, "fault "):
			class = "fault"
		case strings.HasPrefix(rest, "$ "):
			class = "cmd"
		case strings.HasPrefix(rest, "event Warning"), strings.HasPrefix(rest, "  error:"):
			class = "warn"
		}
		lines = append(lines, line{class, l})
	}
	var b bytes.Buffer
	err := page.Execute(&b, struct {
		Title, Namespace, Config string
		SVG                      template.HTML
		Lines                    []line
	}{t.title, ns, dc, template.HTML(svg), lines}) // our SVG, its text escaped by esc
	if err != nil {
		return nil, fmt.Errorf("writing the HTML page: %w", err)
	}
	return b.Bytes(), nil
}
