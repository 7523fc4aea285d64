package main

import "errors"

func buildCmd(args []string) error  { return errors.New("build: not yet") }
func verifyCmd(args []string) error { return errors.New("verify: not yet") }
