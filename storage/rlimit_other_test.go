//go:build !unix && !js

package storage

import "errors"

func limitFileSize() error {
	return errors.New("no file size limit on this system")
}
