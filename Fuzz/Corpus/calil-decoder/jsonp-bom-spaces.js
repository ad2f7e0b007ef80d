  cb_1.x ( [ {"short":"BOM and spaces","primary":true,"distance":3} ] ) ;  
