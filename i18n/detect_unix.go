//go:build !js && !windows && !darwin

package i18n

import "os"

func detect() (Lang, bool) { return FromEnv(os.Getenv) }
