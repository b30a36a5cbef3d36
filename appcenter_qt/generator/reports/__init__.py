"""What a run tells about its inputs: the JSON report (:mod:`.report`) and the HTML site
(:mod:`.html`)."""
