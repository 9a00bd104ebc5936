package history

import (
	"net/url"
	"strconv"
	"strings"
)

// describeProbe renders a container probe as kubectl does: the action,
// then `delay=<initialDelaySeconds>s timeout=<timeoutSeconds>s
// period=<periodSeconds>s #success=<successThreshold>
// #failure=<failureThreshold>`. The action, the first one set of:
//
//  1. exec: `exec [<command, space-separated>]`.
//  2. httpGet: `http-get <scheme>://<host>:<port><path>`, the scheme
//     lowercased, the host bracketed when it holds a colon, the URL as
//     net/url writes it.
//  3. tcpSocket: `tcp-socket <host>:<port>`.
//  4. grpc: `grpc <pod>:<port> <service>`.
//  5. none: `unknown`.
//
// Absent or zero timeout, period and thresholds, an empty HTTP scheme and
// path read as the API server defaults them (1s, 10s, 1, 3; HTTP, /).
//
// Ports: kubectl describe.DescribeProbe.
func describeProbe(p templateJSON) string {
	attrs := "delay=" + strconv.FormatInt(p.get("initialDelaySeconds").integer(), 10) +
		"s timeout=" + strconv.FormatInt(p.get("timeoutSeconds").integerOr(1), 10) +
		"s period=" + strconv.FormatInt(p.get("periodSeconds").integerOr(10), 10) +
		"s #success=" + strconv.FormatInt(p.get("successThreshold").integerOr(1), 10) +
		" #failure=" + strconv.FormatInt(p.get("failureThreshold").integerOr(3), 10)
	switch {
	case p.get("exec").has():
		return "exec [" + strings.Join(p.get("exec").get("command").strs(), " ") + "] " + attrs
	case p.get("httpGet").has():
		h := p.get("httpGet")
		scheme, path := h.get("scheme").str(), h.get("path").str()
		if scheme == "" {
			scheme = "HTTP"
		}
		if path == "" {
			path = "/"
		}
		u := url.URL{Scheme: strings.ToLower(scheme), Host: h.get("host").str(), Path: path}
		if port := intOrString(h.get("port")); port != "" {
			u.Host = joinHostPort(u.Host, port)
		}
		return "http-get " + u.String() + " " + attrs
	case p.get("tcpSocket").has():
		t := p.get("tcpSocket")
		return "tcp-socket " + t.get("host").str() + ":" + intOrString(t.get("port")) + " " + attrs
	case p.get("grpc").has():
		g := p.get("grpc")
		return "grpc <pod>:" + strconv.FormatInt(g.get("port").integer(), 10) + " " + g.get("service").str() + " " + attrs
	}
	return "unknown " + attrs
}

// intOrString renders an IntOrString as its String method does: a
// string's value, else the integer (0 when absent).
func intOrString(n templateJSON) string {
	if n.kind == jsonString {
		return n.text
	}
	return strconv.FormatInt(n.integer(), 10)
}

// joinHostPort is net.JoinHostPort: host:port, the host bracketed when it
// holds a colon.
func joinHostPort(host, port string) string {
	if strings.Contains(host, ":") {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}
