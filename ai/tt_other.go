//go:build !linux

package ai

func adviseHugePages(b []ttBucket) {}
